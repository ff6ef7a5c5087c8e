import {
  createPrivateKey,
  createPublicKey,
  generateKeyPairSync,
  type KeyObject,
  sign,
  verify,
} from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import type { Readable } from "node:stream";
import type { Config } from "../../config";
import type { FileStorage } from "../../integrations/file-storage";
import type { Database } from "../../platform/db/client";

/**
 * The access log's anchor outside the database (ADR 0026): the chain's head, signed with an
 * Ed25519 key the database never sees, kept in the file store (and an object store with object lock
 * where one is configured) and e-mailed to the privacy officer. `audit:verify` checks the chain
 * against the latest one.
 */
export interface Anchor {
  /** When the head was read. */
  at: string;
  head_seq: number;
  head_hash: string;
  purged_through_seq: number;
  purged_hash: string;
  /** Why it was written: `start`, `interval`, `rows`, `retention` (`daily` before issue 43). */
  reason: string;
}

export interface SignedAnchor {
  anchor: Anchor;
  /** Ed25519 over the anchor's canonical JSON, base64. */
  signature: string;
  /** The signing key's public half (SPKI PEM), to tell keys apart; never trusted: verify takes `--public-key`. */
  public_key: string;
}

/** Where anchors are kept: the file store by default; an object store with object lock fits the same port. */
export interface AnchorStore {
  readonly name: string;
  put(signed: SignedAnchor): Promise<void>;
  latest(): Promise<SignedAnchor | null>;
}

const PREFIX = "access-log-anchors";

async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const c of stream) chunks.push(Buffer.from(c));
  return Buffer.concat(chunks);
}

/** Anchors in the file store: one object per anchor (never overwritten) and `latest.json`. */
export function fileStoreAnchors(storage: FileStorage): AnchorStore {
  return {
    name: `file-store:${storage.name}`,
    async put(signed) {
      const body = Buffer.from(`${JSON.stringify(signed, null, 2)}\n`);
      const stamp = signed.anchor.at.replace(/[:.]/g, "-");
      await storage.put(`${PREFIX}/${stamp}-${signed.anchor.head_seq}.json`, body, "application/json");
      await storage.put(`${PREFIX}/latest.json`, body, "application/json");
    },
    async latest() {
      try {
        return JSON.parse((await readAll(await storage.get(`${PREFIX}/latest.json`))).toString("utf8"));
      } catch {
        return null;
      }
    },
  };
}

/**
 * Anchors in the database (`access_log_anchors`, issue 43), beside the rows they vouch for: a
 * restored copy carries those of its own point in time. A row is believed only for its signature.
 */
export function databaseAnchors(database: Database) {
  return {
    name: "database",
    async put(signed: SignedAnchor) {
      await database.query("INSERT INTO access_log_anchors (at, head_seq, signed) VALUES ($1, $2, $3)", [
        signed.anchor.at,
        signed.anchor.head_seq,
        JSON.stringify(signed),
      ]);
    },
    async latest(): Promise<SignedAnchor | null> {
      const [row] = await database.query<{ signed: SignedAnchor }>(
        "SELECT signed FROM access_log_anchors ORDER BY id DESC LIMIT 1",
      );
      return row?.signed ?? null;
    },
    /** Every anchor, oldest first. */
    async all(): Promise<SignedAnchor[]> {
      const rows = await database.query<{ signed: SignedAnchor }>(
        "SELECT signed FROM access_log_anchors ORDER BY id",
      );
      return rows.map((r) => r.signed);
    },
  } satisfies AnchorStore & { all(): Promise<SignedAnchor[]> };
}

/** The anchor's signed bytes: its fields in a fixed order. */
export function anchorBytes(a: Anchor): Buffer {
  return Buffer.from(
    JSON.stringify([a.at, a.head_seq, a.head_hash, a.purged_through_seq, a.purged_hash, a.reason]),
    "utf8",
  );
}

/** The signing key: ANCHOR_SIGNING_KEY, else the key file, created (mode 600) on first use when `create`. */
export function anchorKey(config: Config, create: boolean): KeyObject | null {
  if (config.ANCHOR_SIGNING_KEY) return createPrivateKey(config.ANCHOR_SIGNING_KEY.replace(/\\n/g, "\n"));
  if (fs.existsSync(config.anchorKeyFile)) return createPrivateKey(fs.readFileSync(config.anchorKeyFile));
  if (!create) return null;
  const { privateKey } = generateKeyPairSync("ed25519");
  fs.mkdirSync(path.dirname(config.anchorKeyFile), { recursive: true });
  fs.writeFileSync(config.anchorKeyFile, privateKey.export({ type: "pkcs8", format: "pem" }), {
    mode: 0o600,
    flag: "wx",
  });
  return privateKey;
}

export function signAnchor(anchor: Anchor, key: KeyObject): SignedAnchor {
  return {
    anchor,
    signature: sign(null, anchorBytes(anchor), key).toString("base64"),
    public_key: createPublicKey(key).export({ type: "spki", format: "pem" }).toString(),
  };
}

/** The public key to check with: `key` itself when it is one, else the private key's public half. */
export const publicKeyOf = (key: KeyObject): KeyObject =>
  key.type === "public" ? key : createPublicKey(key);

export function anchorSignatureValid(signed: SignedAnchor, key: KeyObject): boolean {
  try {
    return verify(
      null,
      anchorBytes(signed.anchor),
      publicKeyOf(key),
      Buffer.from(signed.signature, "base64"),
    );
  } catch {
    return false;
  }
}

export async function readHead(database: Database) {
  const [h] = await database.query<{
    seq: string;
    hash: string;
    purged_through_seq: string;
    purged_hash: string;
  }>("SELECT seq::text, hash, purged_through_seq::text, purged_hash FROM access_log_head WHERE id = 1");
  return {
    seq: Number(h.seq),
    hash: h.hash,
    purgedThroughSeq: Number(h.purged_through_seq),
    purgedHash: h.purged_hash,
  };
}

export interface AnchorWriter {
  write(reason: string): Promise<SignedAnchor>;
  /**
   * Writes one when the head moved since the latest anchor (or there is none) and either `rows`
   * rows were added or the latest is `minutes` old; answers null when none was due.
   */
  writeIfDue(limits: { rows: number; minutes: number }, reason?: string): Promise<SignedAnchor | null>;
}

export function createAnchorWriter(deps: {
  database: Database;
  store: AnchorStore;
  key: KeyObject;
  /** Sends the anchor to the privacy officer (the outbox); absent when no address is set. */
  mail?: (signed: SignedAnchor) => Promise<unknown>;
}): AnchorWriter {
  const inDatabase = databaseAnchors(deps.database);
  async function write(reason: string) {
    const previous = await deps.store.latest();
    const head = await readHead(deps.database);
    const signed = signAnchor(
      {
        at: new Date().toISOString(),
        head_seq: head.seq,
        head_hash: head.hash,
        purged_through_seq: head.purgedThroughSeq,
        purged_hash: head.purgedHash,
        reason,
      },
      deps.key,
    );
    await inDatabase.put(signed);
    await deps.store.put(signed);
    // Every start and retention run, and the first anchor of each day: at every N rows or ten
    // minutes the privacy officer would get a hundred e-mails a day.
    const newDay = !previous || previous.anchor.at.slice(0, 10) !== signed.anchor.at.slice(0, 10);
    if (reason === "start" || reason === "retention" || newDay) await deps.mail?.(signed);
    return signed;
  }
  return {
    write,
    async writeIfDue(limits, reason) {
      const latest = await deps.store.latest();
      const head = await readHead(deps.database);
      if (latest) {
        const a = latest.anchor;
        if (a.head_seq === head.seq && a.purged_through_seq === head.purgedThroughSeq) return null;
        if (reason === "start") return write(reason);
        const rowsDue = limits.rows > 0 && head.seq - a.head_seq >= limits.rows;
        const timeDue = limits.minutes > 0 && Date.now() - Date.parse(a.at) >= limits.minutes * 60_000;
        if (!rowsDue && !timeDue) return null;
        return write(reason ?? (rowsDue ? "rows" : "interval"));
      }
      return write(reason ?? "interval");
    },
  };
}

/** The e-mail to the privacy officer: the anchor as text, to keep outside every system Loupe runs on. */
export function anchorEmail(signed: SignedAnchor, brand: string) {
  const a = signed.anchor;
  return {
    subject: `${brand} access log anchor ${a.at.slice(0, 10)} (row ${a.head_seq})`,
    text: [
      `The ${brand} access log's head at ${a.at} (${a.reason}).`,
      "Keep this message: audit:verify compares the log with the latest anchor, and this copy lets",
      "you check that anchor was not replaced.",
      "",
      `head row:        ${a.head_seq}`,
      `head hash:       ${a.head_hash}`,
      `purged through:  ${a.purged_through_seq} (${a.purged_hash})`,
      "",
      JSON.stringify(signed),
    ].join("\n"),
  };
}
