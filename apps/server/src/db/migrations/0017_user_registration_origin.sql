ALTER TABLE "users" ADD COLUMN "fingerprint" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "registration_ip" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "reported_ip" text;