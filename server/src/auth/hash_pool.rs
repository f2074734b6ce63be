//! The threads that hash passwords. Argon2 takes tens of milliseconds of a core per sign-in, so
//! it runs on threads of its own at the lowest CPU priority (nice 19): pages and API answers,
//! served by the async workers at normal priority, take the CPU first, and hashing takes
//! whatever is left. Without that, a wave of sign-ins on a busy core made every page wait for
//! the scheduler's time slices (docs/decisions/017-several-instances.md#hashing).

use std::panic::AssertUnwindSafe;
use std::sync::mpsc;
use std::sync::{Arc, Mutex};

use tokio::sync::{oneshot, Semaphore};

type Job = Box<dyn FnOnce() + Send>;

#[derive(Clone)]
pub struct HashPool {
    jobs: mpsc::Sender<Job>,
    /// One job per thread at a time: the rest wait here, asynchronously, in arrival order.
    permits: Arc<Semaphore>,
}

impl HashPool {
    /// `threads` threads, which end when the last handle on the pool is dropped.
    pub fn new(threads: usize) -> HashPool {
        let (jobs, queue) = mpsc::channel::<Job>();
        let queue = Arc::new(Mutex::new(queue));
        for n in 0..threads {
            let queue = queue.clone();
            let spawned = std::thread::Builder::new().name(format!("rumbo-hash-{n}")).spawn(move || {
                lower_priority();
                loop {
                    let next = queue.lock().unwrap_or_else(|poisoned| poisoned.into_inner()).recv();
                    let Ok(job) = next else { return };
                    // A panicking job loses its answer (the caller sees an error), not the thread.
                    let _ = std::panic::catch_unwind(AssertUnwindSafe(job));
                }
            });
            if let Err(e) = spawned {
                tracing::error!(error = %e, "cannot start a password hashing thread");
            }
        }
        HashPool { jobs, permits: Arc::new(Semaphore::new(threads.max(1))) }
    }

    pub async fn run<T: Send + 'static>(&self, work: impl FnOnce() -> T + Send + 'static) -> anyhow::Result<T> {
        let _permit = self.permits.acquire().await?;
        let (answer, answered) = oneshot::channel();
        self.jobs
            .send(Box::new(move || {
                let _ = answer.send(work());
            }))
            .map_err(|_| anyhow::anyhow!("the password hashing threads have stopped"))?;
        Ok(answered.await?)
    }
}

/// Nice 19 for the calling thread (on Linux the nice value is per thread).
fn lower_priority() {
    #[cfg(target_os = "linux")]
    // SAFETY: plain system calls on the calling thread's own id; no memory is shared.
    unsafe {
        let thread = libc::syscall(libc::SYS_gettid) as libc::id_t;
        if libc::setpriority(libc::PRIO_PROCESS, thread, 19) != 0 {
            tracing::warn!("cannot lower the priority of a password hashing thread");
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn jobs_run_on_low_priority_threads_and_a_panic_costs_only_its_answer() {
        let pool = HashPool::new(2);
        let (name, nice) = pool.run(|| (std::thread::current().name().map(str::to_owned), niceness())).await.unwrap();
        assert!(name.unwrap().starts_with("rumbo-hash-"));
        assert_eq!(nice, 19);
        assert!(pool.run(|| panic!("boom")).await.is_err());
        for n in 0..4 {
            assert_eq!(pool.run(move || n * 2).await.unwrap(), n * 2, "the threads still answer");
        }
    }

    fn niceness() -> i32 {
        // SAFETY: reads the calling thread's own nice value.
        unsafe { libc::getpriority(libc::PRIO_PROCESS, libc::syscall(libc::SYS_gettid) as libc::id_t) }
    }
}
