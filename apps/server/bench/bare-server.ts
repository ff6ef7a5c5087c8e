import fs from "node:fs";
import http from "node:http";
import pg from "pg";
import { sessionOptions } from "../src/platform/db/client";
import type { CapturedStatement } from "./sql-capture-proxy";

/**
 * `bench:http`'s bare server: what the same statements cost behind HTTP with nothing else around
 * them. A plain Node.js HTTP server whose `GET /<n>` runs case n's captured statements one after
 * the other on a `pg` pool, each as a named statement (planned once, as `pgbench -M prepared`
 * runs them), and answers their rows as JSON. No routing framework, no session, no validation, no
 * mapping: the floor of HTTP, the driver and JSON under one endpoint's SQL on this machine, so
 * the endpoint's figures can be read against what no server on this stack could beat.
 * Environment: DATABASE_URL, PORT, BARE_CASES (a JSON file: an array of statement lists).
 */
const url = process.env.DATABASE_URL!;
const cases: CapturedStatement[][] = JSON.parse(fs.readFileSync(process.env.BARE_CASES!, "utf8"));
const pool = new pg.Pool({ connectionString: url, max: 4, options: sessionOptions(url) });

http
  .createServer(async (req, res) => {
    const n = req.url?.slice(1);
    const statements = cases[Number(n)];
    if (!statements) {
      res.writeHead(404).end();
      return;
    }
    const rows: unknown[][] = [];
    for (const [i, s] of statements.entries())
      rows.push((await pool.query({ name: `bare_${n}_${i}`, text: s.text, values: s.params })).rows);
    const body = JSON.stringify({ data: rows });
    res.writeHead(200, { "content-type": "application/json; charset=utf-8" }).end(body);
  })
  .listen(Number(process.env.PORT), "127.0.0.1", () => console.log("bare server listening"));
