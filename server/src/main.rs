use clap::{Parser, Subcommand};

use rumbo::auth::import::{self as users_import, UsersCommand};
use rumbo::auth::key_rotation::{self, KeysCommand};
use rumbo::config::Config;
use rumbo::platform::db::Db;
use rumbo::seo::SiteShell;
use rumbo::startup::Application;
use rumbo::{content, events};
use rumbo::{shutdown, telemetry};

/// Rumbo: the travel-advice site, its API and its accounts, in one binary.
#[derive(Parser)]
#[command(version, about)]
struct Cli {
    #[command(subcommand)]
    command: Option<Command>,
    #[command(flatten)]
    config: Config,
}

#[derive(Subcommand)]
enum Command {
    /// Apply migrations and serve the site (the default).
    Serve,
    /// Apply database migrations and exit.
    Migrate,
    /// Validate the configuration and the built web app, then exit.
    CheckConfig,
    /// Check a content folder (posts, destinations, testimonials, images) and import it.
    Import {
        /// The folder, laid out as docs/decisions/004 says.
        #[arg(default_value = "content")]
        dir: std::path::PathBuf,
        /// Also remove posts, destinations and images that are no longer in the folder.
        #[arg(long)]
        prune: bool,
    },
    /// Print the public anon key and the secret service_role key (creating the signing key if
    /// needed); `rotate` replaces the signing key, `retire` stops accepting old ones.
    Keys {
        #[command(subcommand)]
        action: Option<KeysCommand>,
    },
    /// Bring users from a Supabase project: `import FILE` reads an export of `auth.users` (CSV or JSON).
    Users {
        #[command(subcommand)]
        action: UsersCommand,
    },
    /// The team: `grant EMAIL ROLE`, `revoke EMAIL ROLE` (consultant or admin), `list`.
    Staff {
        #[command(subcommand)]
        action: rumbo::staff::StaffCommand,
    },
    /// Print the OpenAPI document of /api/v1, as the code generates it (`make openapi` keeps the snapshot).
    Openapi,
    /// Measure how many password checks per second this machine does with every core it may
    /// use: the most password sign-ins per second can reach (bench/sign-in compares them).
    HashRate {
        #[arg(long, default_value_t = 5, value_parser = clap::value_parser!(u32).range(1..=600))]
        seconds: u32,
    },
    /// Print the first-party event counts (per day, event, language and source) of the last days.
    Events {
        /// How many days, today (UTC) included.
        #[arg(long, default_value_t = 30, value_parser = clap::value_parser!(u32).range(1..=3660))]
        days: u32,
    },
}

#[tokio::main]
async fn main() {
    let cli = Cli::parse();
    telemetry::init(cli.config.log_format);
    if let Err(e) = run(cli).await {
        eprintln!("rumbo: {e:#}");
        std::process::exit(1);
    }
}

async fn run(cli: Cli) -> anyhow::Result<()> {
    let config = cli.config;
    match cli.command.unwrap_or(Command::Serve) {
        Command::Serve => {
            tracing::info!(site = %config.site_url, database = %config.database_url.redacted(), env = ?config.environment, "starting");
            // Signals first: a SIGTERM during start-up must stop the server gracefully too.
            let stop = shutdown::signal();
            Application::build(config).await?.run_until(stop).await?;
        }
        Command::Migrate => {
            Db::connect(&config.database_url, 1).await?.migrate().await?;
            println!("migrations applied to {}", config.database_url.redacted());
        }
        Command::Keys { action } => {
            let db = Db::connect(&config.database_url, 1).await?;
            db.migrate().await?;
            print!("{}", key_rotation::run(&db, &config, action).await?);
        }
        Command::Staff { action } => {
            let db = Db::connect(&config.database_url, 1).await?;
            db.migrate().await?;
            print!("{}", rumbo::staff::run(&db, action).await?);
        }
        Command::Users { action } => {
            let db = Db::connect(&config.database_url, 1).await?;
            db.migrate().await?;
            match users_import::run(&db, action).await {
                Ok(report) => println!(
                    "imported {} users ({} identities); {} were already here",
                    report.imported, report.identities, report.already_here
                ),
                Err(users_import::ImportError::Invalid(problems)) => {
                    for problem in &problems {
                        eprintln!("{problem}");
                    }
                    anyhow::bail!("{} problem(s); nothing was imported", problems.len());
                }
                Err(users_import::ImportError::Other(e)) => return Err(e),
            }
        }
        Command::Import { dir, prune } => {
            let db = Db::connect(&config.database_url, 2).await?;
            db.migrate().await?;
            match content::import_dir(&db, &dir, prune, &config.store.files_dir).await {
                Ok(report) => println!(
                    "imported {} posts, {} destinations, {} products, {} images from {}: {} rows written, {} pruned",
                    report.posts,
                    report.destinations,
                    report.products,
                    report.images,
                    dir.display(),
                    report.changed,
                    report.pruned
                ),
                Err(content::ImportError::Invalid(problems)) => {
                    for problem in &problems {
                        eprintln!("{problem}");
                    }
                    anyhow::bail!("{} problem(s) in {}; nothing was imported", problems.len(), dir.display());
                }
                Err(e) => return Err(e.into()),
            }
        }
        Command::Events { days } => {
            let db = Db::connect(&config.database_url, 1).await?;
            db.migrate().await?;
            print!("{}", events::report(&db, days).await?);
        }
        Command::Openapi => print!("{}", rumbo::openapi::render(&rumbo::startup::api_document())),
        Command::HashRate { seconds } => {
            let rate = rumbo::auth::passwords::checks_per_second(std::time::Duration::from_secs(seconds.into())).await?;
            println!("{rate:.1} password checks per second");
        }
        Command::CheckConfig => {
            config.check().map_err(|problems| anyhow::anyhow!("invalid configuration:\n{problems}"))?;
            SiteShell::build(&config)?;
            println!("configuration is valid: {} at {}, database {}", config.site_name, config.site_url, config.database_url.redacted());
        }
    }
    Ok(())
}
