-- First start of the compose PostgreSQL (docker-entrypoint-initdb.d, run by psql as the superuser).
-- The `jobboard` role and one database per service (docs/conventions.md), as deploy/local/postgres.sh
-- provisions them. The password comes from the container's JOBBOARD_PG_PASSWORD (docker-compose.yml).
\set ON_ERROR_STOP on
\getenv jobboard_password JOBBOARD_PG_PASSWORD
CREATE ROLE jobboard LOGIN CREATEDB PASSWORD :'jobboard_password';
CREATE DATABASE identity OWNER jobboard;
CREATE DATABASE organizations OWNER jobboard;
CREATE DATABASE jobs OWNER jobboard;
CREATE DATABASE resumes OWNER jobboard;
CREATE DATABASE billing OWNER jobboard;
CREATE DATABASE consent OWNER jobboard;
CREATE DATABASE search OWNER jobboard;
CREATE DATABASE analytics OWNER jobboard;
