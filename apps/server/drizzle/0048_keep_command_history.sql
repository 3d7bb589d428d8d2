ALTER TABLE "dev_command" DROP CONSTRAINT "dev_command_sn_dev_cabinet_sn_fk";
