ALTER TABLE "conversations" ADD COLUMN "import_key" text;--> statement-breakpoint
CREATE UNIQUE INDEX "conversations_user_import_key_idx" ON "conversations" USING btree ("user_id","import_key");