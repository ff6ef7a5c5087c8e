import { zodResolver } from "@hookform/resolvers/zod";
import { changePassword } from "@loupe/contract";
import { type NewPasswordInput, newPasswordSchema } from "@loupe/domain";
import { Alert, Anchor, Button, PasswordInput, Stack, TextInput } from "@mantine/core";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { Link, useNavigate, useParams, useSearchParams } from "react-router";
import { useAlert } from "../../../app/alert-context";
import { callEndpoint } from "../../../lib/api-client";
import { errorText } from "../../../lib/errors";
import { AuthCard } from "../components/auth-card";

/** New password, reached from the reset e-mail's link (/reset-password/{token}?email=…). */
export default function ResetPasswordPage() {
  const { token = "" } = useParams();
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const { showAlert } = useAlert();
  const [error, setError] = useState<string | null>(null);
  const { register, handleSubmit, formState } = useForm<NewPasswordInput>({
    resolver: zodResolver(newPasswordSchema),
    defaultValues: { email: search.get("email") ?? "", password: "", password_confirmation: "" },
  });

  const onSubmit = handleSubmit(async (values) => {
    setError(null);
    try {
      const res = await callEndpoint(changePassword, { body: { ...values, token } });
      showAlert({ variant: "success", message: res.message });
      navigate("/login");
    } catch (err) {
      setError(errorText(err));
    }
  });

  return (
    <AuthCard title="New password">
      {error && (
        <Alert color="red" variant="light" data-testid="reset-error">
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
          <PasswordInput
            visibilityToggleButtonProps={{ "aria-label": "Show or hide password" }}
            label="Password"
            autoComplete="new-password"
            {...register("password")}
            error={formState.errors.password?.message}
          />
          <PasswordInput
            visibilityToggleButtonProps={{ "aria-label": "Show or hide password" }}
            label="Confirm password"
            autoComplete="new-password"
            {...register("password_confirmation")}
            error={formState.errors.password_confirmation?.message}
          />
          <Button type="submit" loading={formState.isSubmitting} fullWidth>
            Save password
          </Button>
          <Anchor component={Link} to="/login" size="sm" ta="center">
            Back to login
          </Anchor>
        </Stack>
      </form>
    </AuthCard>
  );
}
