import { Menu, UnstyledButton } from "@mantine/core";
import { type ReactNode, useEffect, useRef } from "react";
import { useNavigate } from "react-router";

/** The profile menu itself, loaded on demand by profile-menu.tsx. */
export default function ProfileMenuOpen({
  label,
  avatar,
  fullName,
  opened,
  onChange,
  focusAtOnce,
}: {
  label: string;
  avatar: ReactNode;
  fullName?: string;
  /** Kept by the avatar that loaded it: pressed before this loaded, it opens at once. */
  opened: boolean;
  onChange: (opened: boolean) => void;
  focusAtOnce: boolean;
}) {
  const navigate = useNavigate();
  const target = useRef<HTMLButtonElement>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, when it takes the avatar's place
  useEffect(() => {
    if (focusAtOnce) target.current?.focus();
  }, []);
  return (
    <Menu position="bottom-end" width={200} opened={opened} onChange={onChange}>
      <Menu.Target>
        <UnstyledButton ref={target} aria-label={label}>
          {avatar}
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>{fullName}</Menu.Label>
        <Menu.Item disabled>My profile</Menu.Item>
        <Menu.Item disabled>Onboarding</Menu.Item>
        <Menu.Item disabled>News</Menu.Item>
        <Menu.Item disabled>Switch users</Menu.Item>
        <Menu.Item disabled>Help</Menu.Item>
        <Menu.Item onClick={() => navigate("/my-sessions")}>My sessions</Menu.Item>
        <Menu.Divider />
        <Menu.Item color="red" onClick={() => navigate("/logout")}>
          Logout
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
