CREATE TABLE "out_demo" (
	"key" varchar(32) PRIMARY KEY NOT NULL,
	"state" varchar(12) NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
