import { messages } from "./messages";

/** zod's `z.email()` pattern (`z.regexes.email`), so this check and `loginSchema` accept the same addresses. */
const EMAIL =
  /^(?:[A-Za-z0-9_'+-]+\.)*[A-Za-z0-9_'+-]*[A-Za-z0-9_+-]@(?:[A-Za-z0-9][A-Za-z0-9-]*\.)+[A-Za-z]{2,}$/;

/** `forgotPasswordSchema`'s e-mail rule without zod: the message, or null when the (trimmed) address is fine. */
export function checkEmail(email: string): string | null {
  const trimmed = email.trim();
  if (!trimmed) return messages.required("email");
  return EMAIL.test(trimmed) ? null : messages.email("email");
}

export interface LoginValues {
  email: string;
  password: string;
}

/**
 * `loginSchema`'s rules and messages without zod, for the sign-in page (issue 16: its JavaScript
 * ≤ 120 KB, and zod is 14 KB of it); login-check.test.ts holds the two to the same answers.
 * Answers the trimmed values, or the message per field that fails.
 */
export function checkLogin(
  input: LoginValues,
): { values: LoginValues } | { errors: Partial<Record<keyof LoginValues, string>> } {
  const email = input.email.trim();
  const errors: Partial<Record<keyof LoginValues, string>> = {};
  const emailError = checkEmail(email);
  if (emailError) errors.email = emailError;
  if (!input.password) errors.password = messages.required("password");
  else if (input.password.length < 3) errors.password = messages.minLength("password", 3);
  return Object.keys(errors).length ? { errors } : { values: { email, password: input.password } };
}
