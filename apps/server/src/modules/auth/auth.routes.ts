import {
  changePassword,
  endMySession,
  endStaffSessions,
  listMySessions,
  login,
  logout,
  requestPasswordReset,
} from "@loupe/contract";
import type { ModuleContext } from "../module-context";
import { createStaffService, staffAuthSlot } from "../staff";
import { createAuthService } from "./auth.service";
import { createSessionsService, lastSignIns, revokeSessionsOf } from "./sessions.service";

export function registerAuthRoutes({ app, bind, db, config, outbox, slots }: ModuleContext): void {
  const auth = createAuthService({ db, config, outbox, log: app.log });
  app.addHook("onClose", () => auth.settle());
  const staffService = createStaffService(db);
  const mySessions = createSessionsService(db);
  // Staff management's questions about sessions and its invitations (staff sits below auth).
  staffAuthSlot.provide(slots, {
    lastSignIns,
    revokeSessions: revokeSessionsOf,
    invite: (member) => auth.sendPasswordLink(member, "invitation"),
  });

  bind(login, async ({ body, req }) => {
    const session = await auth.login(body, { ip: req.ip, userAgent: req.headers["user-agent"] });
    req.log.info({ event: "login", staffId: session.user.id }, "signed in");
    await mySessions.keepNewest(session.user.id);
    return {
      data: {
        token: session.token,
        expires_at: session.expiresAt.toISOString(),
        user: await staffService.me(session.user),
      },
    };
  });
  bind(logout, async ({ req }) => {
    await auth.logout(req.sessionId!);
    return { message: "Signed out." };
  });
  bind(requestPasswordReset, async ({ body, req }) => ({
    message: await auth.requestPasswordReset(body, { ip: req.ip }),
  }));
  bind(listMySessions, async ({ staff, req }) => ({ data: await mySessions.list(staff.id, req.sessionId) }));
  bind(endMySession, async ({ staff, params }) => {
    await mySessions.endOwn(staff.id, params.id);
    return { message: "Signed out." };
  });
  bind(endStaffSessions, async ({ staff, params }) => {
    const ended = await mySessions.endAllOf(staff, params.id);
    return { message: `${ended} session${ended === 1 ? "" : "s"} signed out.`, data: { ended } };
  });
  bind(changePassword, async ({ body }) => ({ message: await auth.changePassword(body) }));
}
