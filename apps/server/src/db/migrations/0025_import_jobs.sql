CREATE TABLE "import_job_chunks" (
	"job_id" uuid NOT NULL,
	"seq" integer NOT NULL,
	"data" text NOT NULL,
	CONSTRAINT "import_job_chunks_job_id_seq_pk" PRIMARY KEY("job_id","seq")
);
--> statement-breakpoint
CREATE TABLE "import_jobs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"status" text DEFAULT 'scheduled' NOT NULL,
	"total_bytes" bigint NOT NULL,
	"chunks" integer NOT NULL,
	"bytes_done" bigint DEFAULT 0 NOT NULL,
	"next_index" integer DEFAULT 0 NOT NULL,
	"report" jsonb,
	"report_items" jsonb,
	"error" jsonb,
	"lease_owner" text,
	"lease_until" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "import_job_chunks" ADD CONSTRAINT "import_job_chunks_job_id_import_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."import_jobs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "import_jobs" ADD CONSTRAINT "import_jobs_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "import_jobs_user_status_idx" ON "import_jobs" USING btree ("user_id","status");--> statement-breakpoint
CREATE INDEX "import_jobs_status_lease_idx" ON "import_jobs" USING btree ("status","lease_until");