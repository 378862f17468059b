DROP INDEX "messages_convo_created_idx";--> statement-breakpoint
CREATE INDEX "messages_convo_user_created_idx" ON "messages" USING btree ("conversation_id","user_id","created_at");