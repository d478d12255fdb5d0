"""The jobs service's consumers, its scheduler and the application mailer."""
