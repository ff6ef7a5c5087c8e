// Marketing opt-in (customers-area §4, §9).

export const OPT_IN_VALUES = ["ALL", "HEALTH", "NONE"] as const;
export type OptIn = (typeof OPT_IN_VALUES)[number];

export const OPT_IN_LABELS: Record<OptIn, string> = {
  ALL: "All Offers, News and Health",
  HEALTH: "Only Health Subjects",
  NONE: "None",
};

export interface Channels {
  channel_sms: boolean;
  channel_phone: boolean;
  channel_email: boolean;
}

export const DEFAULT_OPT_IN: { new_opt_in: OptIn } & Channels = {
  new_opt_in: "ALL",
  channel_sms: true,
  channel_phone: true,
  channel_email: true,
};

/** Choosing an opt-in: NONE clears all three channels, ALL or HEALTH sets all. */
export function channelsForOptIn(optIn: OptIn): Channels {
  const on = optIn !== "NONE";
  return { channel_sms: on, channel_phone: on, channel_email: on };
}

/**
 * Toggling channels: all on and not HEALTH becomes ALL; all off becomes NONE; otherwise unchanged,
 * except that a channel switched on under NONE leaves NONE (for ALL, the default opt-in, §9):
 * None never goes with a channel.
 */
export function optInForChannels(current: OptIn, channels: Channels): OptIn {
  const all = channels.channel_sms && channels.channel_phone && channels.channel_email;
  const none = !channels.channel_sms && !channels.channel_phone && !channels.channel_email;
  if (none) return "NONE";
  if (all && current !== "HEALTH") return "ALL";
  if (current === "NONE") return "ALL";
  return current;
}

export const OPT_IN_CONTRADICTION =
  "None cannot go with a channel switched on, and a channel must be on for any other choice.";

/** The opt-in and the channels agree: None exactly when no channel is on (spec §4). */
export const isOptInConsistent = (optIn: OptIn, channels: Channels) =>
  (optIn === "NONE") === (!channels.channel_sms && !channels.channel_phone && !channels.channel_email);
