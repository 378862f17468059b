-- LibreChat transactions moved as history: their token type and context, and no balance after them (LibreChat keeps none).
ALTER TABLE "transactions" ALTER COLUMN "balance_after" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "transactions" ADD COLUMN "token_type" text;--> statement-breakpoint
ALTER TABLE "transactions" ADD COLUMN "context" text;