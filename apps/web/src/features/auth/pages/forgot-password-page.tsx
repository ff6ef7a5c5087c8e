import { zodResolver } from "@hookform/resolvers/zod";
import { requestPasswordReset } from "@loupe/contract";
import { forgotPasswordSchema } from "@loupe/domain";
import { Alert, Anchor, Button, Stack, TextInput } from "@mantine/core";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { Link, useNavigate } from "react-router";
import { useAlert } from "../../../app/alert-context";
import { callEndpoint } from "../../../lib/api-client";
import { errorText } from "../../../lib/errors";
import { AuthCard } from "../components/auth-card";

export default function ForgotPasswordPage() {
  const navigate = useNavigate();
  const { showAlert } = useAlert();
  const [error, setError] = useState<string | null>(null);
  const { register, handleSubmit, formState } = useForm<{ email: string }>({
    resolver: zodResolver(forgotPasswordSchema),
    defaultValues: { email: "" },
  });

  const onSubmit = handleSubmit(async (values) => {
    setError(null);
    try {
      const res = await callEndpoint(requestPasswordReset, { body: values });
      showAlert({ variant: "success", message: res.message });
      navigate("/login");
    } catch (err) {
      setError(errorText(err));
    }
  });

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
            label="E-mail"
            type="email"
            {...register("email")}
            error={formState.errors.email?.message}
          />
          <Button type="submit" loading={formState.isSubmitting} fullWidth>
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
