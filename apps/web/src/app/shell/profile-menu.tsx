import { Avatar, Menu, UnstyledButton } from "@mantine/core";
import { useNavigate } from "react-router";
import { useCurrentUser } from "../../features/reference/use-reference-data";

/** Profile menu: My sessions and Logout work; the rest are shown disabled, as in the spec. */
export function ProfileMenu() {
  const { data: user } = useCurrentUser();
  const navigate = useNavigate();
  const initials = `${user?.first_name?.[0] ?? ""}${user?.last_name?.[0] ?? ""}`;
  return (
    <Menu position="bottom-end" width={200}>
      <Menu.Target>
        {/* The initials shown are part of the name, so speech users can say what they see. */}
        <UnstyledButton aria-label={`Profile menu ${initials}`.trim()}>
          <Avatar src={user?.profile_image ?? undefined} color="blue" radius="xl" size="md">
            {initials}
          </Avatar>
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>{user?.full_name}</Menu.Label>
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
