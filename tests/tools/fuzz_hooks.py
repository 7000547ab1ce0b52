# Schemathesis hooks of `npm run test:fuzz`: an extra check that no answer leaks how the server is built.
import re

import schemathesis

LEAK = re.compile(r"\n\s+at \S+ \(|node_modules/|\.tsx?:\d+:\d+|<!doctype html|<html|Maximum call stack", re.IGNORECASE)


@schemathesis.check
def no_stack_trace(ctx, response, case):
    """No stack trace, source path or HTML error page in any answer."""
    if LEAK.search(response.text or ""):
        raise AssertionError("The answer carries a stack trace, a source path or an HTML page")
