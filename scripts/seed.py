"""Demo data for a first look at the job board: accounts, organizations, jobs, resumes, consent,
credits, and the vocabularies (search's taxonomy terms) and landing pages.

Idempotent: run it as often as you like. Each service's data goes into that service's own
database through its own models; identity goes through its sign-up use case so the events flow.
Prints the demo logins.
"""

# Each uploaded picture and document is checked in a child process (jobkit.uploads.processing),
# and multiprocessing runs the parent's main module again in every child before its work: this
# module therefore imports nothing at its top. With the board's imports here, each of the seed's
# some 200 uploads paid for importing every service (about 4 s of CPU) on top of its 0.3 s of
# rendering (tests/tooling/test_seed_entry_point.py).
if __name__ == "__main__":
    import asyncio

    from demo.board import main

    asyncio.run(main())
