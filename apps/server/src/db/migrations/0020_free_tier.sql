ALTER TABLE "users" ADD COLUMN "free_messages" integer;--> statement-breakpoint
CREATE UNIQUE INDEX "users_free_tier_fingerprint_idx" ON "users" USING btree ("fingerprint") WHERE "users"."provider" = 'freeTier';--> statement-breakpoint
CREATE UNIQUE INDEX "users_free_tier_ip_idx" ON "users" USING btree ("registration_ip") WHERE "users"."provider" = 'freeTier';