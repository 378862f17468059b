CREATE TABLE "agent_shares" (
	"agent_id" text NOT NULL,
	"email" text NOT NULL,
	CONSTRAINT "agent_shares_agent_id_email_pk" PRIMARY KEY("agent_id","email")
);
--> statement-breakpoint
CREATE TABLE "agents" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"name" text,
	"description" text,
	"instructions" text,
	"provider" text NOT NULL,
	"model" text NOT NULL,
	"model_parameters" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"tools" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"conversation_starters" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"avatar" jsonb,
	"is_public" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "agent_shares" ADD CONSTRAINT "agent_shares_agent_id_agents_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."agents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agents" ADD CONSTRAINT "agents_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "agent_shares_email_idx" ON "agent_shares" USING btree ("email");--> statement-breakpoint
CREATE INDEX "agents_user_idx" ON "agents" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "agents_public_idx" ON "agents" USING btree ("is_public");