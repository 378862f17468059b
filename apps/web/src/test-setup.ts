import { configure } from '@testing-library/react';

// findBy*/waitFor wait for what a test checks; their 1 s default ceiling is a wall-clock window
// that a lazy chunk's import or a render under CI's load (two cores, many files at once) can
// overrun. A test still fails when what it waits for never comes, only later.
configure({ asyncUtilTimeout: 5_000 });
