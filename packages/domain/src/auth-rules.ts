import { z } from "zod";
import { messages } from "./messages";

const email = (field = "email") =>
  z
    .string({ error: messages.required(field) })
    .trim()
    .min(1, { message: messages.required(field), abort: true })
    .pipe(z.email(messages.email(field)));

export const PASSWORD_RULE_MESSAGE =
  "The password must be minimum eight characters, at least one uppercase letter, one lowercase letter and one number";
export const PASSWORD_MISMATCH_MESSAGE = "Confirm password didn't match the password above";

export const loginSchema = z.object({
  email: email(),
  password: z
    .string({ error: messages.required("password") })
    .min(1, { message: messages.required("password"), abort: true })
    .min(3, messages.minLength("password", 3)),
});
export type LoginInput = z.infer<typeof loginSchema>;

export const forgotPasswordSchema = z.object({ email: email() });

export const newPasswordSchema = z
  .object({
    email: email(),
    password: z
      .string({ error: messages.required("password") })
      .min(1, { message: messages.required("password"), abort: true })
      .regex(/^(?=.*[a-z])(?=.*[A-Z])(?=.*\d).{8,}$/, PASSWORD_RULE_MESSAGE),
    password_confirmation: z
      .string({ error: messages.required("password confirmation") })
      .min(1, { message: messages.required("password confirmation"), abort: true }),
  })
  .refine((v) => v.password === v.password_confirmation, {
    path: ["password_confirmation"],
    message: PASSWORD_MISMATCH_MESSAGE,
  });
export type NewPasswordInput = z.infer<typeof newPasswordSchema>;
