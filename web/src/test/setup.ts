import { configure } from '@testing-library/react'
import { afterEach } from 'vitest'
import { resetQueryLoaderForTests } from '../lib/query/loader'

// The app's one query client outlives a test; each test starts with an empty cache.
afterEach(() => resetQueryLoaderForTests())

// findBy…/waitFor wait up to 5 s instead of 1 s: on a loaded 2-core CI machine a lazy chunk or
// a mocked fetch can take longer than a second to settle, which is not a failure of the app.
configure({ asyncUtilTimeout: 5000 })
