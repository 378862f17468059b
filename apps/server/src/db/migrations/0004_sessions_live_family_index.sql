DROP INDEX "sessions_family_idx";--> statement-breakpoint
CREATE INDEX "sessions_live_family_idx" ON "sessions" USING btree ("family_id","user_id") WHERE "sessions"."revoked_at" is null;