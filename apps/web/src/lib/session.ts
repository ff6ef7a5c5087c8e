import type { StaffUserWire } from "@loupe/contract";

/** The signed-in session, kept under one key in localStorage with its expiry (spec §9). */
const KEY = "loupe.session";

export interface Session {
  token: string;
  expiresAt: string | null;
  user: StaffUserWire;
}

export function readSession(): Session | null {
  try {
    const raw = localStorage.getItem(KEY);
    if (!raw) return null;
    const session = JSON.parse(raw) as Session;
    if (session.expiresAt && new Date(session.expiresAt).getTime() < Date.now()) {
      localStorage.removeItem(KEY);
      return null;
    }
    return session;
  } catch {
    return null;
  }
}

export function writeSession(session: Session): void {
  localStorage.setItem(KEY, JSON.stringify(session));
}

export function updateSessionUser(user: StaffUserWire): void {
  const session = readSession();
  if (session) writeSession({ ...session, user });
}

export function clearSession(): void {
  localStorage.removeItem(KEY);
}
