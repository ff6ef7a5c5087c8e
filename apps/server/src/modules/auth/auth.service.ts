import { randomBytes } from "node:crypto";
import { forgotPasswordSchema, loginSchema, newPasswordSchema } from "@loupe/domain";
import { hash, verify } from "@node-rs/argon2";
import { and, eq, isNull, sql } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import type { Config } from "../../config";
import type { Db } from "../../platform/db/client";
import { AppError } from "../../platform/http/app-error";
import { hashToken } from "../../platform/http/auth-guard";
import { parseOrThrow } from "../../platform/http/validate";
import type { OutboxService } from "../outbox";
import { type StaffRow as StaffUserRow, setStaffPasswordHash } from "../staff";
import { staffByEmail, unusedResetToken } from "./auth.queries";
import { loginThrottle, passwordResetTokens, sessions } from "./auth.tables";
import { countInWindow } from "./throttle-count";

// OWASP's argon2id baseline (19 MiB, 2 passes): strong, and fast enough for a shop counter.
const ARGON2 = { memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;
export const hashPassword = (password: string) => hash(password, ARGON2);

// Verified when the e-mail is unknown, so a miss costs as long as a hit (no account enumeration).
let dummyHash: Promise<string> | undefined;

export const RESET_REQUESTED_MESSAGE =
  "If that e-mail belongs to a staff account, we have sent it a password reset link.";
export const PASSWORD_CHANGED_MESSAGE = "Your password has been reset. Please sign in with the new password.";
export const RESET_TOKEN_INVALID_MESSAGE = "This password reset link is invalid or has expired.";
export const LOGIN_FAILED_MESSAGE = "These credentials do not match our records.";
/** How long an invitation's set-password link works (ADR 0022). */
export const INVITATION_TTL_HOURS = 72;

const newToken = () => randomBytes(32).toString("base64url");

interface AuthDeps {
  db: Db;
  config: Config;
  outbox: OutboxService;
  log?: FastifyBaseLogger;
}

export function createAuthService({ db, config, outbox, log }: AuthDeps) {
  const windowMs = config.LOGIN_WINDOW_MINUTES * 60_000;
  // An address may front several staff (a shop's shared connection), so it gets more tries than one account.
  const limits = { acct: config.LOGIN_MAX_FAILURES, ip: config.LOGIN_MAX_FAILURES * 4 };

  const countAttempt = async (key: string) => (await countInWindow(db, key, windowMs)).count;

  /** A sign-in that succeeded was counted as an attempt; it is not a failure of the address. */
  async function forgiveAttempt(key: string): Promise<void> {
    await db
      .update(loginThrottle)
      .set({ failures: sql`greatest(${loginThrottle.failures} - 1, 0)` })
      .where(eq(loginThrottle.key, key));
  }

  // Reset e-mails are sent after the answer, so a known address takes as long to answer as an unknown one.
  const pending = new Set<Promise<void>>();
  function inBackground(work: () => Promise<void>) {
    const p = work()
      .catch((err) => log?.error({ err }, "password reset e-mail failed"))
      .finally(() => pending.delete(p));
    pending.add(p);
  }

  async function sendResetLink(address: string) {
    const [user] = await staffByEmail(db, address);
    if (!user?.isActive) return;
    await sendPasswordLink(user, "reset");
  }

  /**
   * A single-use set-password link by e-mail: a reset asked for on the sign-in page, or the
   * invitation of a member an administrator added (ADR 0022), which lives longer because it waits
   * for someone who may not be at work yet. Both open the same set-password screen.
   */
  async function sendPasswordLink(user: StaffUserRow, kind: "reset" | "invitation") {
    const token = newToken();
    const ttlMinutes = kind === "reset" ? config.RESET_TOKEN_TTL_MINUTES : INVITATION_TTL_HOURS * 60;
    await db.insert(passwordResetTokens).values({
      tokenHash: hashToken(token),
      staffUserId: user.id,
      expiresAt: new Date(Date.now() + ttlMinutes * 60_000),
    });
    const text =
      kind === "reset"
        ? (link: string) =>
            `Hello ${user.firstName},\n\nSomeone asked to reset the password of your ${config.BRAND_NAME} staff account. Open this link to choose a new one:\n\n${link}\n\nThe link works once and expires in ${config.RESET_TOKEN_TTL_MINUTES} minutes. If you did not ask for it, you can ignore this e-mail.\n`
        : (link: string) =>
            `Hello ${user.firstName},\n\nAn administrator has made you a ${config.BRAND_NAME} staff account for ${user.email}. Open this link to choose your password:\n\n${link}\n\nThe link works once and expires in ${INVITATION_TTL_HOURS / 24} days. If it has expired, use "Forgot password" on the sign-in page.\n`;
    const link = `${config.publicUrl}/reset-password/${token}?email=${encodeURIComponent(user.email)}`;
    const redactedLink = `${config.publicUrl}/reset-password/[redacted]`;
    // The link is a password: it goes to the adapter only; the outbox keeps a copy without it.
    await outbox.sendEmail(
      {
        to: user.email,
        subject:
          kind === "reset"
            ? `Reset your ${config.BRAND_NAME} password`
            : `Your ${config.BRAND_NAME} staff account: choose a password`,
        text: text(link),
      },
      { kind: kind === "reset" ? "password-reset" : "staff-invitation", staff_user_id: user.id },
      {
        storedText: text(redactedLink),
        consoleNote: `${kind === "reset" ? "Password reset" : "Invitation"} link for ${user.email}: ${link}`,
      },
    );
  }

  /**
   * The sign-in's checks without the session: the throttle per account and per address, the
   * password (argon2, timed the same for unknown e-mails) and an active account. Sign-in uses it,
   * and so does a manager's approval typed on someone else's screen (ADR 0022).
   */
  async function verifyCredentials(input: unknown, meta: { ip: string }): Promise<StaffUserRow> {
    const { email, password } = parseOrThrow(loginSchema, input);
    const acctKey = `acct:${email.toLowerCase()}`;
    const ipKey = `ip:${meta.ip}`;
    const [acctAttempts, ipAttempts] = await Promise.all([countAttempt(acctKey), countAttempt(ipKey)]);
    if (acctAttempts > limits.acct || ipAttempts > limits.ip) {
      throw new AppError(
        "rate_limited",
        `Too many failed sign-in attempts. Please wait ${config.LOGIN_WINDOW_MINUTES} minutes and try again.`,
      );
    }
    const [user] = await staffByEmail(db, email.toLowerCase());
    dummyHash ??= hashPassword(newToken());
    const ok = await verify(user?.passwordHash ?? (await dummyHash), password).catch(() => false);
    if (!user || !ok || !user.isActive) throw new AppError("unauthenticated", LOGIN_FAILED_MESSAGE);
    await Promise.all([
      db.delete(loginThrottle).where(eq(loginThrottle.key, acctKey)),
      forgiveAttempt(ipKey),
    ]);
    return user;
  }

  return {
    verifyCredentials,
    sendPasswordLink,
    async login(input: unknown, meta: { ip: string; userAgent?: string }) {
      const user = await verifyCredentials(input, meta);
      const token = newToken();
      const expiresAt = new Date(Date.now() + config.TOKEN_TTL_HOURS * 3_600_000);
      await db.insert(sessions).values({
        tokenHash: hashToken(token),
        staffUserId: user.id,
        expiresAt,
        ip: meta.ip,
        userAgent: meta.userAgent?.slice(0, 300),
      });
      return { token, expiresAt, user };
    },

    async logout(sessionId: number) {
      await db.update(sessions).set({ revokedAt: new Date() }).where(eq(sessions.id, sessionId));
    },

    async requestPasswordReset(input: unknown, meta: { ip: string }) {
      const { email } = parseOrThrow(forgotPasswordSchema, input);
      const address = email.toLowerCase();
      // Counted by the address typed, known or not, so the limit itself tells nothing about accounts.
      const [acctRequests, ipRequests] = await Promise.all([
        countAttempt(`reset:${address}`),
        countAttempt(`reset-ip:${meta.ip}`),
      ]);
      if (acctRequests > config.RESET_MAX_REQUESTS || ipRequests > config.RESET_MAX_REQUESTS * 4) {
        throw new AppError(
          "rate_limited",
          `Too many password reset requests. Please wait ${config.LOGIN_WINDOW_MINUTES} minutes and try again.`,
        );
      }
      inBackground(() => sendResetLink(address));
      return RESET_REQUESTED_MESSAGE;
    },

    /** Waits for reset e-mails still being sent (the app awaits this before it closes). */
    async settle() {
      await Promise.all([...pending]);
    },

    async changePassword(input: unknown) {
      const body = parseOrThrow(newPasswordSchema, input);
      const token =
        typeof (input as { token?: unknown })?.token === "string" ? (input as { token: string }).token : "";
      const [row] = await unusedResetToken(db, hashToken(token));
      if (
        !row ||
        row.reset.expiresAt.getTime() < Date.now() ||
        row.user.email.toLowerCase() !== body.email.toLowerCase()
      ) {
        throw new AppError("validation_failed", RESET_TOKEN_INVALID_MESSAGE, {
          token: [RESET_TOKEN_INVALID_MESSAGE],
        });
      }
      const passwordHash = await hashPassword(body.password);
      await db.transaction(async (tx) => {
        // Marking the token used inside the same transaction, guarded on used_at, makes it single-use even under a race.
        const used = await tx
          .update(passwordResetTokens)
          .set({ usedAt: new Date() })
          .where(and(eq(passwordResetTokens.id, row.reset.id), isNull(passwordResetTokens.usedAt)))
          .returning();
        if (used.length === 0) {
          throw new AppError("validation_failed", RESET_TOKEN_INVALID_MESSAGE, {
            token: [RESET_TOKEN_INVALID_MESSAGE],
          });
        }
        await setStaffPasswordHash(tx as unknown as Db, row.user.id, passwordHash);
        // A new password ends every session the old one opened.
        await tx
          .update(sessions)
          .set({ revokedAt: new Date() })
          .where(and(eq(sessions.staffUserId, row.user.id), isNull(sessions.revokedAt)));
        await tx.delete(loginThrottle).where(eq(loginThrottle.key, `acct:${row.user.email.toLowerCase()}`));
      });
      return PASSWORD_CHANGED_MESSAGE;
    },
  };
}
export type AuthService = ReturnType<typeof createAuthService>;
