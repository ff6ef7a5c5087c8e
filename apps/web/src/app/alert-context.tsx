import { ALERT_COUNTDOWN_SECONDS, BANNER_Z_INDEX } from "@loupe/domain";
import { Alert, CloseButton, Group, Text } from "@mantine/core";
import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useState } from "react";

export type AlertVariant = "success" | "danger";
interface AlertState {
  id: number;
  variant: AlertVariant;
  message: string;
}

const AlertContext = createContext<{
  showAlert: (a: { variant: AlertVariant; message: string }) => void;
} | null>(null);

/** The banner alert (spec §2): success or danger, dismissed after a visible 5-second countdown. */
export function AlertProvider({ children }: { children: ReactNode }) {
  const [alert, setAlert] = useState<AlertState | null>(null);
  const [remaining, setRemaining] = useState(ALERT_COUNTDOWN_SECONDS);

  const showAlert = useCallback((a: { variant: AlertVariant; message: string }) => {
    setAlert({ ...a, id: Date.now() });
    setRemaining(ALERT_COUNTDOWN_SECONDS);
  }, []);

  useEffect(() => {
    if (!alert) return;
    const timer = setInterval(() => {
      setRemaining((r) => {
        if (r <= 1) {
          setAlert(null);
          return ALERT_COUNTDOWN_SECONDS;
        }
        return r - 1;
      });
    }, 1000);
    return () => clearInterval(timer);
  }, [alert]);

  const value = useMemo(() => ({ showAlert }), [showAlert]);
  return (
    <AlertContext.Provider value={value}>
      {alert && (
        <Alert
          role="alert"
          data-testid="banner-alert"
          data-variant={alert.variant}
          color={alert.variant === "success" ? "green" : "red"}
          variant="filled"
          style={{
            position: "fixed",
            top: 12,
            left: "50%",
            transform: "translateX(-50%)",
            zIndex: BANNER_Z_INDEX,
            minWidth: 360,
            maxWidth: "90vw",
          }}
        >
          <Group justify="space-between" wrap="nowrap" gap="md">
            <Text size="sm" fw={500} style={{ whiteSpace: "pre-line" }}>
              {alert.message}
            </Text>
            <Group gap={6} wrap="nowrap">
              <Text size="xs" data-testid="alert-countdown" aria-label="closes in">
                {remaining}s
              </Text>
              <CloseButton
                size="sm"
                variant="transparent"
                c="white"
                aria-label="Dismiss"
                onClick={() => setAlert(null)}
              />
            </Group>
          </Group>
        </Alert>
      )}
      {children}
    </AlertContext.Provider>
  );
}

export function useAlert() {
  const ctx = useContext(AlertContext);
  if (!ctx) throw new Error("useAlert needs <AlertProvider>");
  return ctx;
}
