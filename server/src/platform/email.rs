//! E-mail addresses, one rule for the whole site: an address accounts accept, the newsletter and
//! the booking form accept in the same form.

/// The address is not one we can write to.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct InvalidEmail;

/// A syntactically valid, lower-cased e-mail address.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Email(String);

impl Email {
    pub fn parse(raw: &str) -> Result<Email, InvalidEmail> {
        let email = raw.trim().to_lowercase();
        let Some((local, domain)) = email.rsplit_once('@') else { return Err(InvalidEmail) };
        let domain_ok = domain.len() >= 3
            && domain.contains('.')
            && domain.split('.').all(|label| !label.is_empty() && label.chars().all(|c| c.is_alphanumeric() || c == '-'));
        let local_ok = !local.is_empty() && local.len() <= 64 && !local.contains('@');
        let clean = email.len() <= 255 && !email.chars().any(|c| c.is_whitespace() || c.is_control() || "<>()[],;:\"\\".contains(c));
        if domain_ok && local_ok && clean {
            Ok(Email(email))
        } else {
            Err(InvalidEmail)
        }
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }
}
