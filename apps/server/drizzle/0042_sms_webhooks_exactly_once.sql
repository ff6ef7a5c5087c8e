CREATE TABLE "sms_delivery_reports" (
	"message_sid" text PRIMARY KEY NOT NULL,
	"status" text NOT NULL,
	"stage" integer NOT NULL,
	"provider_at" timestamp with time zone,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sms_inbound_messages" (
	"message_sid" text PRIMARY KEY NOT NULL,
	"intent" text,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
