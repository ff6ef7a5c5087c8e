import { zodResolver } from "@hookform/resolvers/zod";
import { login } from "@loupe/contract";
import { type LoginInput, loginSchema } from "@loupe/domain";
import { Alert, Anchor, Button, PasswordInput, Stack, TextInput } from "@mantine/core";
import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { Link, useLocation, useNavigate } from "react-router";
import { callEndpoint } from "../../../lib/api-client";
import { writeSession } from "../../../lib/session";
import { AuthCard } from "../components/auth-card";

export default function LoginPage() {
  const navigate = useNavigate();
  const location = useLocation();
  const queryClient = useQueryClient();
  const [failed, setFailed] = useState(false);
  const { register, handleSubmit, formState } = useForm<LoginInput>({
    resolver: zodResolver(loginSchema),
    defaultValues: { email: "", password: "" },
  });

  const onSubmit = handleSubmit(async (values) => {
    setFailed(false);
    try {
      const res = await callEndpoint(login, { body: values });
      writeSession({ token: res.data.token, expiresAt: res.data.expires_at, user: res.data.user });
      queryClient.clear();
      const from = (location.state as { from?: string } | null)?.from;
      navigate(from && from !== "/login" ? from : "/customers", { replace: true });
    } catch {
      setFailed(true);
    }
  });

  return (
    <AuthCard title="Welcome back">
      {failed && (
        <Alert color="red" variant="light" data-testid="login-error">
          Unauthorized
        </Alert>
      )}
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="sm">
          <TextInput
            label="E-mail"
            type="email"
            autoComplete="username"
            {...register("email")}
            error={formState.errors.email?.message}
          />
          <PasswordInput
            visibilityToggleButtonProps={{ "aria-label": "Show or hide password" }}
            label="Password"
            autoComplete="current-password"
            {...register("password")}
            error={formState.errors.password?.message}
          />
          <Button type="submit" loading={formState.isSubmitting} fullWidth>
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
