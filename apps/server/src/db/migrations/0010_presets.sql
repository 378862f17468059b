CREATE TABLE "presets" (
	"preset_id" uuid PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"title" text NOT NULL,
	"endpoint" text NOT NULL,
	"model" text,
	"options" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"default_preset" boolean DEFAULT false NOT NULL,
	"order" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "presets" ADD CONSTRAINT "presets_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "presets_user_idx" ON "presets" USING btree ("user_id","updated_at" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "presets_one_default_idx" ON "presets" USING btree ("user_id") WHERE "presets"."default_preset";