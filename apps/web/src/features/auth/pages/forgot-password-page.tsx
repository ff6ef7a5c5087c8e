import { type requestPasswordReset, requestPasswordResetAddress } from "@loupe/contract";
import { checkEmail } from "@loupe/domain";
import { Alert, Anchor, Button, Stack, TextInput } from "@mantine/core";
import { type FormEvent, useRef, useState } from "react";
import { Link, useNavigate } from "react-router";
import { useAlert } from "../../../app/alert-context";
import { callEndpoint } from "../../../lib/api-client";
import { errorText } from "../../../lib/errors";
import { AuthCard } from "../components/auth-card";

/**
 * One field, checked like the sign-in page's (`checkEmail`, no zod or form library), so opening
 * it from /login loads only this page's own small chunk (issue 16). Checked on submit, then on
 * every change once submitted.
 */
export default function ForgotPasswordPage() {
  const navigate = useNavigate();
  const { showAlert } = useAlert();
  const [email, setEmail] = useState("");
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [submitted, setSubmitted] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const input = useRef<HTMLInputElement>(null);

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    setSubmitted(true);
    const problem = checkEmail(email);
    setFieldError(problem);
    if (problem) {
      input.current?.focus();
      return;
    }
    setError(null);
    setSubmitting(true);
    try {
      const res = await callEndpoint<typeof requestPasswordReset>(requestPasswordResetAddress, {
        body: { email: email.trim() },
      });
      showAlert({ variant: "success", message: res.message });
      navigate("/login");
    } catch (err) {
      setError(errorText(err));
      setSubmitting(false);
    }
  };

  return (
    <AuthCard title="Forgot password">
      {error && (
        <Alert color="red" variant="light">
          {error}
        </Alert>
      )}
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="sm">
          <TextInput
            ref={input}
            label="E-mail"
            type="email"
            name="email"
            value={email}
            onChange={(e) => {
              setEmail(e.currentTarget.value);
              if (submitted) setFieldError(checkEmail(e.currentTarget.value));
            }}
            error={fieldError}
          />
          <Button type="submit" loading={submitting} fullWidth>
            Confirm
          </Button>
          <Anchor component={Link} to="/login" size="sm" ta="center">
            Back to login
          </Anchor>
        </Stack>
      </form>
    </AuthCard>
  );
}
