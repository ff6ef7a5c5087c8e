import { execFile, execFileSync } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";

/**
 * A PostgreSQL cluster of a test's own (initdb into a temporary folder, its own port), for tests
 * that stop and start the database under a running server. The programs run as the postgres OS
 * user when the test runs as root (initdb and the server refuse root), as in scripts/pg-replica.sh.
 */
export interface SecondCluster {
  url: string;
  port: number;
  /** pg_ctl stop: `fast` ends every session with an error (a planned restart), `immediate` as a crash. */
  stop(mode?: "fast" | "immediate"): Promise<void>;
  start(): Promise<void>;
  /** Stops it if it runs and removes its folder. */
  destroy(): void;
  log(): string;
}

const pgBin = () => {
  const root = "/usr/lib/postgresql";
  const versions = fs.existsSync(root)
    ? fs
        .readdirSync(root)
        .filter((v) => fs.existsSync(path.join(root, v, "bin", "initdb")))
        .sort((a, b) => Number(b) - Number(a))
    : [];
  if (!versions.length) throw new Error("no PostgreSQL programs under /usr/lib/postgresql/*/bin");
  return path.join(root, versions[0], "bin");
};

const portFree = (port: number) =>
  new Promise<boolean>((resolve) => {
    const srv = net.createServer();
    srv.once("error", () => resolve(false));
    srv.listen(port, "127.0.0.1", () => srv.close(() => resolve(true)));
  });

/** The first free port of `from`–`to` (tests on one machine each take their own). */
async function freePortIn(from: number, to: number): Promise<number> {
  for (let p = from; p <= to; p++) if (await portFree(p)) return p;
  throw new Error(`no free port in ${from}–${to} for a second PostgreSQL cluster`);
}

export async function startSecondCluster(
  options: { ports?: [number, number]; under?: string } = {},
): Promise<SecondCluster> {
  const bin = pgBin();
  const [from, to] = options.ports ?? [5450, 5459];
  const port = await freePortIn(from, to);
  const under = options.under ?? os.tmpdir();
  fs.mkdirSync(under, { recursive: true });
  const base = fs.mkdtempSync(path.join(under, "loupe-pg-"));
  const asRoot = process.getuid?.() === 0;
  if (asRoot) execFileSync("chown", ["postgres:postgres", base]);
  const data = path.join(base, "data");
  const logFile = path.join(base, "postgres.log");
  const run = (program: string, args: string[]) => {
    const [cmd, argv] = asRoot
      ? ["runuser", ["-u", "postgres", "--", path.join(bin, program), ...args]]
      : [path.join(bin, program), args];
    execFileSync(cmd, argv, { stdio: ["ignore", "pipe", "pipe"], timeout: 60_000 });
  };
  // Stopping and starting while a test measures: the test's own event loop must keep running.
  const runAsync = (program: string, args: string[]) =>
    new Promise<void>((resolve, reject) => {
      const [cmd, argv] = asRoot
        ? ["runuser", ["-u", "postgres", "--", path.join(bin, program), ...args]]
        : [path.join(bin, program), args];
      execFile(cmd, argv as string[], { timeout: 60_000 }, (err) => (err ? reject(err) : resolve()));
    });
  run("initdb", ["-D", data, "-U", "postgres", "-A", "trust", "-E", "UTF8", "--locale=C", "--no-sync"]);
  // Its own port and socket folder; fsync stays on: the test checks that acknowledged writes survive.
  const serverOptions = [
    `-p ${port}`,
    "-c listen_addresses=127.0.0.1",
    `-c unix_socket_directories=${base}`,
    "-c shared_buffers=16MB",
    "-c max_connections=40",
  ].join(" ");
  const startArgs = ["-D", data, "-l", logFile, "-w", "-t", "60", "-o", serverOptions, "start"];
  const running = () => fs.existsSync(path.join(data, "postmaster.pid"));
  run("pg_ctl", startArgs);
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    port,
    stop: (mode = "fast") => runAsync("pg_ctl", ["-D", data, "-m", mode, "-w", "-t", "60", "stop"]),
    start: () => runAsync("pg_ctl", startArgs),
    destroy() {
      try {
        if (running()) run("pg_ctl", ["-D", data, "-m", "immediate", "-w", "stop"]);
      } finally {
        fs.rmSync(base, { recursive: true, force: true });
      }
    },
    log: () => (fs.existsSync(logFile) ? fs.readFileSync(logFile, "utf8") : ""),
  };
}
