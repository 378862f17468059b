CREATE TABLE "plugin_auth" (
	"user_id" uuid NOT NULL,
	"plugin_key" text NOT NULL,
	"auth_field" text NOT NULL,
	"value" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "plugin_auth_user_id_plugin_key_auth_field_pk" PRIMARY KEY("user_id","plugin_key","auth_field")
);
--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "plugins" jsonb;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "plugins" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "plugin_auth" ADD CONSTRAINT "plugin_auth_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;