CREATE TABLE "model_configs" (
	"name" text PRIMARY KEY NOT NULL,
	"jailbreak_prompt" text DEFAULT '' NOT NULL,
	"prefill" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
