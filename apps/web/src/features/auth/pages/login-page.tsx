import { type login, loginAddress } from "@loupe/contract";
import { checkLogin, type LoginValues, loginFailureText } from "@loupe/domain";
import { Alert, Anchor, Button, PasswordInput, Stack, TextInput } from "@mantine/core";
import { type ChangeEvent, type FormEvent, useRef, useState } from "react";
import { Link, useLocation, useNavigate } from "react-router";
import { ApiError, callEndpoint } from "../../../lib/api-client";
import { writeSession } from "../../../lib/session";
import { useDocumentTitle } from "../../../lib/use-document-title";
import { AuthCard } from "../components/auth-card";

type Errors = Partial<Record<keyof LoginValues, string>>;
const errorsOf = (values: LoginValues): Errors => {
  const checked = checkLogin(values);
  return "errors" in checked ? checked.errors : {};
};

/**
 * Two fields, so plain state rather than react-hook-form, and `checkLogin` rather than zod: /login
 * loads neither (issue 16: ≤ 120 KB). As with a form library: checked on submit, then on every
 * change once submitted, and the first field in error takes the focus.
 */
export default function LoginPage() {
  const navigate = useNavigate();
  const location = useLocation();
  const [values, setValues] = useState<LoginValues>({ email: "", password: "" });
  const [errors, setErrors] = useState<Errors>({});
  const [submitted, setSubmitted] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  const [failed, setFailed] = useState<string | null>(null);
  useDocumentTitle(["Sign in"]);
  const emailRef = useRef<HTMLInputElement>(null);
  const passwordRef = useRef<HTMLInputElement>(null);

  const change = (field: keyof LoginValues) => (e: ChangeEvent<HTMLInputElement>) => {
    const next = { ...values, [field]: e.currentTarget.value };
    setValues(next);
    if (submitted) setErrors(errorsOf(next));
  };

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    setSubmitted(true);
    const checked = checkLogin(values);
    if ("errors" in checked) {
      setErrors(checked.errors);
      (checked.errors.email ? emailRef : passwordRef).current?.focus();
      return;
    }
    setErrors({});
    setFailed(null);
    setSubmitting(true);
    try {
      const res = await callEndpoint<typeof login>(loginAddress, { body: checked.values });
      // The query cache belongs to the signed-in shell, which /login is not under: it starts empty.
      writeSession({ token: res.data.token, expiresAt: res.data.expires_at, user: res.data.user });
      const from = (location.state as { from?: string } | null)?.from;
      navigate(from && from !== "/login" ? from : "/customers", { replace: true });
    } catch (err) {
      setFailed(err instanceof ApiError ? loginFailureText(err.status, err.message) : loginFailureText(0));
      setSubmitting(false);
    }
  };

  return (
    <AuthCard title="Welcome back">
      {failed && (
        <Alert color="red" variant="light" data-testid="login-error">
          {failed}
        </Alert>
      )}
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="sm">
          <TextInput
            ref={emailRef}
            label="E-mail"
            type="email"
            name="email"
            autoComplete="username"
            value={values.email}
            onChange={change("email")}
            error={errors.email}
          />
          <PasswordInput
            ref={passwordRef}
            visibilityToggleButtonProps={{ "aria-label": "Show or hide password" }}
            label="Password"
            name="password"
            autoComplete="current-password"
            value={values.password}
            onChange={change("password")}
            error={errors.password}
          />
          <Button type="submit" loading={submitting} fullWidth>
            Sign in
          </Button>
          <Anchor component={Link} to="/forgot-password" size="sm" ta="center">
            Forgot password
          </Anchor>
        </Stack>
      </form>
    </AuthCard>
  );
}
