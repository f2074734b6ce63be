//! Store settings (flattened into `Config`): where the digital goods' files live, how long an
//! order holds its stock, and the download links' limits (docs/decisions/011-store.md).

use std::path::PathBuf;
use std::time::Duration;

use clap::Args;

use crate::config::parse_seconds;

#[derive(Debug, Clone, Args)]
pub struct StoreConfig {
    /// Folder of the digital products' files (private: served only through signed links).
    #[arg(long = "store-files-dir", env = "STORE_FILES_DIR", default_value = "data/store-files", global = true)]
    pub files_dir: PathBuf,

    /// Seconds a placed order holds its stock while the buyer pays.
    #[arg(long = "store-reservation-secs", env = "STORE_RESERVATION_SECS", default_value = "900", value_parser = parse_seconds, global = true)]
    pub reservation: Duration,

    /// Seconds between two sweeps of expired reservations.
    #[arg(long = "store-sweep-secs", env = "STORE_SWEEP_SECS", default_value = "30", value_parser = parse_seconds, global = true)]
    pub sweep: Duration,

    /// "Only N left" is shown at or under this many units.
    #[arg(long = "store-low-stock-threshold", env = "STORE_LOW_STOCK_THRESHOLD", default_value_t = 5, global = true)]
    pub low_stock_threshold: i64,

    /// Days a download link works.
    #[arg(long = "store-download-days", env = "STORE_DOWNLOAD_DAYS", default_value_t = 7, value_parser = clap::value_parser!(u16).range(1..=365), global = true)]
    pub download_days: u16,

    /// Downloads a link allows.
    #[arg(long = "store-download-limit", env = "STORE_DOWNLOAD_LIMIT", default_value_t = 5, value_parser = clap::value_parser!(u16).range(1..=100), global = true)]
    pub download_limit: u16,

    /// Orders one address may place per hour.
    #[arg(long = "store-orders-per-ip-hour", env = "STORE_ORDERS_PER_IP_HOUR", default_value_t = 30, global = true)]
    pub orders_per_ip_hour: u32,

    /// Cart changes and card attempts one address may make per hour.
    #[arg(long = "store-writes-per-ip-hour", env = "STORE_WRITES_PER_IP_HOUR", default_value_t = 600, global = true)]
    pub writes_per_ip_hour: u32,
}

impl StoreConfig {
    pub fn download_seconds(&self) -> i64 {
        i64::from(self.download_days) * 86_400
    }
}
