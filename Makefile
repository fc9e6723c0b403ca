# The two commands for a fresh machine: `make run` and `make test` (see README.md).
.PHONY: run test

run:
	@scripts/run

test:
	@scripts/test
