ALTER TABLE "outlets" ADD COLUMN "time_zone" text DEFAULT 'Australia/Sydney' NOT NULL;--> statement-breakpoint
-- HAND-WRITTEN (ADR 0035), not generated: each existing outlet's first zone, from its state or
-- province (the same table as the domain's timeZoneForState), else its region's. Administrators
-- correct an outlet in Settings; the seed sets the demo outlets itself.
UPDATE "outlets" o SET "time_zone" = COALESCE(
  CASE WHEN o."country" = 'AU' OR r."country_code" = 'AU' THEN CASE upper(o."state")
    WHEN 'NSW' THEN 'Australia/Sydney' WHEN 'ACT' THEN 'Australia/Sydney' WHEN 'VIC' THEN 'Australia/Melbourne'
    WHEN 'QLD' THEN 'Australia/Brisbane' WHEN 'SA' THEN 'Australia/Adelaide' WHEN 'WA' THEN 'Australia/Perth'
    WHEN 'TAS' THEN 'Australia/Hobart' WHEN 'NT' THEN 'Australia/Darwin' END
  WHEN o."country" = 'CA' OR r."country_code" = 'CA' THEN CASE upper(o."state")
    WHEN 'BC' THEN 'America/Vancouver' WHEN 'AB' THEN 'America/Edmonton' WHEN 'SK' THEN 'America/Regina'
    WHEN 'MB' THEN 'America/Winnipeg' WHEN 'ON' THEN 'America/Toronto' WHEN 'QC' THEN 'America/Toronto'
    WHEN 'NB' THEN 'America/Halifax' WHEN 'NS' THEN 'America/Halifax' WHEN 'PE' THEN 'America/Halifax'
    WHEN 'NL' THEN 'America/St_Johns' WHEN 'YT' THEN 'America/Whitehorse' WHEN 'NT' THEN 'America/Edmonton'
    WHEN 'NU' THEN 'America/Toronto' END
  END,
  r."timezone")
FROM "regions" r WHERE r."id" = o."region_id";
-- END HAND-WRITTEN
