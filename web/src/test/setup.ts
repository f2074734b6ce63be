import { afterEach } from 'vitest'
import { resetQueryLoaderForTests } from '../lib/query/loader'

// The app's one query client outlives a test; each test starts with an empty cache.
afterEach(() => resetQueryLoaderForTests())
