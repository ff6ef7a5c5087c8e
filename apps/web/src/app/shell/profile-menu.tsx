import { Avatar, UnstyledButton } from "@mantine/core";
import { lazy, Suspense, startTransition, useState } from "react";
import { useCurrentUser } from "../../features/reference/use-reference-data";

// The menu (Mantine's Menu, ~6 KB gzip) is opened a few times a day: it loads on the first
// pointer-over or click of the avatar, not with the first screen.
const ProfileMenuOpen = lazy(() => import("./profile-menu-open"));

/** Profile menu: My sessions and Logout work; the rest are shown disabled, as in the spec. */
export function ProfileMenu() {
  const { data: user } = useCurrentUser();
  const [load, setLoad] = useState(false);
  const [opened, setOpened] = useState(false);
  // A keyboard user's focus stays on the avatar when the loaded menu takes its place.
  const [hadFocus, setHadFocus] = useState(false);
  const initials = `${user?.first_name?.[0] ?? ""}${user?.last_name?.[0] ?? ""}`;
  const avatar = (
    <Avatar src={user?.profile_image ?? undefined} color="blue" radius="xl" size="md">
      {initials}
    </Avatar>
  );
  // The initials shown are part of the name, so speech users can say what they see.
  const label = `Profile menu ${initials}`.trim();
  // In a transition, so the avatar stays the same element while the menu's code loads.
  const wantMenu = () => startTransition(() => setLoad(true));
  const button = (
    <UnstyledButton
      aria-label={label}
      aria-haspopup="menu"
      onPointerEnter={wantMenu}
      // Opened on the press, not only on the click: the loaded menu takes the avatar's place, and a
      // press on one element and a release on another make no click (the menu then never opened).
      onPointerDown={() => {
        wantMenu();
        setOpened(true);
      }}
      onClick={(e) => {
        setHadFocus(document.activeElement === e.currentTarget);
        wantMenu();
        setOpened(true);
      }}
    >
      {avatar}
    </UnstyledButton>
  );
  return (
    <Suspense fallback={button}>
      {load ? (
        <ProfileMenuOpen
          label={label}
          avatar={avatar}
          fullName={user?.full_name}
          opened={opened}
          onChange={setOpened}
          focusAtOnce={hadFocus}
        />
      ) : (
        button
      )}
    </Suspense>
  );
}
