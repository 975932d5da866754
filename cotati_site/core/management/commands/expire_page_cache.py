"""Make every cached public page stale, e.g. after restoring content with loaddata."""

from django.core.management.base import BaseCommand, CommandError

from cotati_site.core.cache import bump_content_generation


class Command(BaseCommand):
    help = "Make every cached public page stale (the next request renders it afresh)."

    def handle(self, *args, **options):
        generation = bump_content_generation()
        if generation is None:
            raise CommandError("The shared cache (Redis) is unreachable: nothing was expired.")
        self.stdout.write(f"Page cache expired (content generation {generation}).")
