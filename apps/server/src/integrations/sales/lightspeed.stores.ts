// The Lightspeed stores, one per region: a real retailer where LIGHTSPEED_<AU|NZ|CA>_DOMAIN_PREFIX
// and _TOKEN are set, else (when INTAKE_STAND_INS allows) a store of the local stand-in, which one
// server serves for every region lacking a real one.
import { randomBytes } from "node:crypto";
import { REGION } from "@loupe/domain";
import type { Config } from "../../config";
import { createLightspeedStore } from "./lightspeed.adapter";
import { type LightspeedStandIn, type StandInLog, startLightspeedStandIn } from "./lightspeed.stand-in";
import type { SalesStore, SourceStores, StandInOptions } from "./sales.port";

const REGIONS = [
  { code: "AU", regionId: REGION.AU },
  { code: "NZ", regionId: REGION.NZ },
  { code: "CA", regionId: REGION.CA },
] as const;

type LightspeedConfig = Pick<
  Config,
  "intakeStandIns" | "LIGHTSPEED_TIMEOUT_MS" | "LIGHTSPEED_STAND_IN_PORT"
> &
  Partial<
    Record<`LIGHTSPEED_${"AU" | "NZ" | "CA"}_${"DOMAIN_PREFIX" | "TOKEN" | "CLIENT_SECRET" | "URL"}`, string>
  >;

export const lightspeedStoreKey = (code: string) => `lightspeed-${code.toLowerCase()}`;

export async function lightspeedStores(
  config: LightspeedConfig,
  options: StandInOptions & { fetch?: typeof fetch; log?: StandInLog },
): Promise<SourceStores> {
  const stores: SalesStore[] = [];
  const standIns: {
    code: string;
    regionId: number;
    domainPrefix: string;
    token: string;
    clientSecret: string;
  }[] = [];
  for (const { code, regionId } of REGIONS) {
    const domainPrefix = config[`LIGHTSPEED_${code}_DOMAIN_PREFIX`];
    const token = config[`LIGHTSPEED_${code}_TOKEN`];
    if (domainPrefix || token) {
      // Half a configuration is a mistake to say at start, not a region silently left to the stand-in.
      if (!domainPrefix || !token)
        throw new Error(
          `Invalid configuration:\nLIGHTSPEED_${code}_${domainPrefix ? "TOKEN" : "DOMAIN_PREFIX"}: needed with LIGHTSPEED_${code}_${domainPrefix ? "DOMAIN_PREFIX" : "TOKEN"}`,
        );
      stores.push(
        createLightspeedStore({
          key: lightspeedStoreKey(code),
          regionId,
          domainPrefix,
          baseUrl: config[`LIGHTSPEED_${code}_URL`],
          token,
          clientSecret: config[`LIGHTSPEED_${code}_CLIENT_SECRET`] ?? null,
          standIn: false,
          fetch: options.fetch,
          timeoutMs: config.LIGHTSPEED_TIMEOUT_MS,
        }),
      );
    } else if (config.intakeStandIns) {
      standIns.push({
        code,
        regionId,
        domainPrefix: `loupe-${code.toLowerCase()}-stand-in`,
        token: randomBytes(24).toString("hex"),
        clientSecret: randomBytes(24).toString("hex"),
      });
    }
  }
  let standIn: LightspeedStandIn | null = null;
  if (standIns.length > 0) {
    standIn = await startLightspeedStandIn({
      ...options,
      port: config.LIGHTSPEED_STAND_IN_PORT,
      stores: standIns.map((s) => ({ ...s, key: lightspeedStoreKey(s.code) })),
    });
    for (const s of standIns)
      stores.push(
        createLightspeedStore({
          key: lightspeedStoreKey(s.code),
          regionId: s.regionId,
          domainPrefix: s.domainPrefix,
          baseUrl: standIn.baseUrl(s.domainPrefix),
          token: s.token,
          clientSecret: s.clientSecret,
          standIn: true,
          fetch: options.fetch,
          timeoutMs: config.LIGHTSPEED_TIMEOUT_MS,
        }),
      );
    stores.sort(
      (a, b) =>
        REGIONS.findIndex((r) => r.regionId === a.regionId) -
        REGIONS.findIndex((r) => r.regionId === b.regionId),
    );
  }
  return {
    stores,
    close: async () => {
      await standIn?.close();
    },
  };
}
