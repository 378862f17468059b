CREATE TABLE "error_logs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"error_code" text NOT NULL,
	"error_message" text NOT NULL,
	"error_type" text NOT NULL,
	"error_stack" text,
	"user_id" uuid,
	"model" text,
	"endpoint" text,
	"conversation_id" text,
	"message_id" text,
	"text" text,
	"route" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "error_logs" ADD CONSTRAINT "error_logs_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "error_logs_code_idx" ON "error_logs" USING btree ("error_code","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "error_logs_created_idx" ON "error_logs" USING btree ("created_at" DESC NULLS LAST);