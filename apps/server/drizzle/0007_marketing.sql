CREATE TABLE "referrals" (
	"id" serial PRIMARY KEY NOT NULL,
	"referrer_id" integer NOT NULL,
	"referee_id" integer NOT NULL,
	"redeemed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "referrals_referee_id_unique" UNIQUE("referee_id")
);
--> statement-breakpoint
CREATE TABLE "newsletter_subscribers" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_email" text NOT NULL,
	"source_country" text NOT NULL,
	"source_name" text NOT NULL,
	"send_type" text DEFAULT 'ALL' NOT NULL,
	"send_email" boolean DEFAULT true NOT NULL,
	"send_phone" boolean DEFAULT true NOT NULL,
	"send_sms" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "newsletter_subscribers_user_email_unique" UNIQUE("user_email")
);
--> statement-breakpoint
CREATE TABLE "promos" (
	"id" serial PRIMARY KEY NOT NULL,
	"discount_code" text NOT NULL,
	"brand" text NOT NULL,
	"discount_rule" text NOT NULL,
	"region_note" text,
	"start_date" date NOT NULL,
	"end_date" date,
	"combined_with" text,
	"not_combined_with" text,
	"pdfs" jsonb DEFAULT '[]'::jsonb NOT NULL,
	CONSTRAINT "promos_discount_code_unique" UNIQUE("discount_code")
);
--> statement-breakpoint
ALTER TABLE "referrals" ADD CONSTRAINT "referrals_referrer_id_customers_id_fk" FOREIGN KEY ("referrer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referrals" ADD CONSTRAINT "referrals_referee_id_customers_id_fk" FOREIGN KEY ("referee_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;