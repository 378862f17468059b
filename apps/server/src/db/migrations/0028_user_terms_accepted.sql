-- Whether the user accepted the terms dialog of librechat.yaml (interface.termsOfService); asked once.
ALTER TABLE "users" ADD COLUMN "terms_accepted" boolean DEFAULT false NOT NULL;