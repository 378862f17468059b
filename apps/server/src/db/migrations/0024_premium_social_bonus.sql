CREATE TABLE "premium_uses" (
	"user_id" uuid NOT NULL,
	"day" date NOT NULL,
	"uses" integer NOT NULL,
	CONSTRAINT "premium_uses_user_id_day_pk" PRIMARY KEY("user_id","day"),
	CONSTRAINT "premium_uses_nonnegative" CHECK ("premium_uses"."uses" >= 0)
);
--> statement-breakpoint
CREATE TABLE "social_bonus_claims" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"platform" text NOT NULL,
	"tokens" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "premium_uses" ADD CONSTRAINT "premium_uses_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "social_bonus_claims" ADD CONSTRAINT "social_bonus_claims_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "social_bonus_claims_user_platform_uq" ON "social_bonus_claims" USING btree ("user_id","platform");