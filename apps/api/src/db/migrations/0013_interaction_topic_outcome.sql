ALTER TABLE "customer_interactions" ADD COLUMN "topic" text;--> statement-breakpoint
ALTER TABLE "customer_interactions" ADD COLUMN "outcome" text;