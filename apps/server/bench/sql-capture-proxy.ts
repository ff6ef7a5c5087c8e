import net from "node:net";

/** One statement a client ran: its text and the parameters it was bound with (null for SQL NULL). */
export interface CapturedStatement {
  text: string;
  params: (string | null)[];
}

/**
 * A TCP proxy in front of PostgreSQL that reads the client's side of the wire protocol (Parse,
 * Bind, Execute, simple Query) and, while recording, keeps every statement with its parameters.
 * The bench puts it between the server process and the database to learn exactly which statements
 * one endpoint call runs, without changing the server or reading the database's log. Bytes are
 * forwarded untouched; parsing works on a copy.
 */
export async function startCaptureProxy(upstream: { host: string; port: number }) {
  let recording: CapturedStatement[] | null = null;
  const sockets = new Set<net.Socket>();

  const server = net.createServer((client) => {
    const db = net.connect(upstream.port, upstream.host);
    client.setNoDelay(true);
    db.setNoDelay(true);
    sockets.add(client).add(db);
    let buffer = Buffer.alloc(0);
    let startup = true;
    /** Prepared statements of this connection by name ("" is the unnamed one). */
    const parsed = new Map<string, string>();
    /** The portal's statement and parameters, from Bind until Execute. */
    const bound = new Map<string, CapturedStatement>();

    const take = () => {
      for (;;) {
        if (startup) {
          if (buffer.length < 8) return;
          const len = buffer.readInt32BE(0);
          if (buffer.length < len) return;
          const code = buffer.readInt32BE(4);
          // SSLRequest and GSSENCRequest come before the real startup message.
          startup = code === 80877103 || code === 80877104;
          buffer = buffer.subarray(len);
          continue;
        }
        if (buffer.length < 5) return;
        const type = String.fromCharCode(buffer[0]);
        const len = buffer.readInt32BE(1);
        if (buffer.length < len + 1) return;
        read(type, buffer.subarray(5, len + 1));
        buffer = buffer.subarray(len + 1);
      }
    };

    const read = (type: string, body: Buffer) => {
      let at = 0;
      const cstring = () => {
        const end = body.indexOf(0, at);
        const s = body.toString("utf8", at, end);
        at = end + 1;
        return s;
      };
      if (type === "Q") {
        const text = cstring();
        recording?.push({ text, params: [] });
      } else if (type === "P") {
        const name = cstring();
        parsed.set(name, cstring());
      } else if (type === "B") {
        const portal = cstring();
        const statement = cstring();
        const formats: number[] = [];
        const nFormats = body.readInt16BE(at);
        at += 2;
        for (let i = 0; i < nFormats; i++, at += 2) formats.push(body.readInt16BE(at));
        const nParams = body.readInt16BE(at);
        at += 2;
        const params: (string | null)[] = [];
        for (let i = 0; i < nParams; i++) {
          const size = body.readInt32BE(at);
          at += 4;
          if (size < 0) {
            params.push(null);
            continue;
          }
          const bytes = body.subarray(at, at + size);
          at += size;
          const binary = (formats.length === 1 ? formats[0] : formats[i]) === 1;
          params.push(binary ? `\\x${bytes.toString("hex")}` : bytes.toString("utf8"));
        }
        bound.set(portal, { text: parsed.get(statement) ?? "", params });
      } else if (type === "E") {
        const statement = bound.get(cstring());
        if (statement) recording?.push(statement);
      }
    };

    client.on("data", (chunk) => {
      db.write(chunk);
      buffer = Buffer.concat([buffer, chunk]);
      take();
    });
    db.on("data", (chunk) => client.write(chunk));
    const end = () => {
      client.destroy();
      db.destroy();
      sockets.delete(client);
      sockets.delete(db);
    };
    client.on("close", end).on("error", end);
    db.on("close", end).on("error", end);
  });

  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as net.AddressInfo;
  return {
    port,
    /** The statements every client ran while `fn` ran, in the order the proxy saw them. */
    async capture(fn: () => Promise<unknown>): Promise<CapturedStatement[]> {
      const seen: CapturedStatement[] = [];
      recording = seen;
      try {
        await fn();
      } finally {
        recording = null;
      }
      return seen;
    },
    close() {
      for (const s of sockets) s.destroy();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** A parameter as an SQL literal: untyped, so PostgreSQL infers its type as it does for `$n`. */
const literal = (v: string | null) =>
  v === null ? "NULL" : v.startsWith("\\x") ? `'${v}'::bytea` : `'${v.replace(/'/g, "''")}'`;

/** The statement with its parameters written in, for a pgbench script. */
export function inlined(s: CapturedStatement): string {
  return s.text.replace(/\$(\d+)/g, (_, n) => literal(s.params[Number(n) - 1] ?? null)).trim();
}
