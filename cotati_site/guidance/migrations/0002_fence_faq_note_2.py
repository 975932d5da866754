"""The shipped FAQ "Can I build a fence taller than 8 feet?" said one of note (2)'s two
wordings forbids such a fence; both allow it with a minor use permit and administrative
design review (they differ only for a fence above its location's limit but not over 8 ft). Corrected where the answer is still the shipped
text; an answer staff have edited is left as they wrote it."""

from django.db import migrations

QUESTION = "Can I build a fence taller than 8 feet?"
OLD = (
    "Possibly, but the rule is uncertain. Table 3-2's note (2), as printed in a proposed 2026 "
    "code update, runs two wordings together: one lets a taller fence be approved with a minor "
    "use permit and administrative design review, the other does not allow it. Check my lot "
    "marks such a fence for the Planning Division to decide; ask them before you plan one "
    "(§ 17.30.030, Table 3-2, note 2)."
)
NEW = (
    "Yes, with approval. Table 3-2's note (2), as printed in a proposed 2026 code update, "
    "allows a fence over 8 feet with a minor use permit and administrative design review. The "
    "printed note runs two wordings together ('exceeding eight feet' and 'exceeding the "
    "allowable heights'), so a fence taller than its location allows but not over 8 feet may "
    "or may not be approvable: one wording allows it with the same approvals, the other does "
    "not. Check my lot marks such a fence for the Planning Division to decide. Ask them before "
    "you plan one (§ 17.30.030, Table 3-2, note 2)."
)


def correct(apps, schema_editor):
    FAQ = apps.get_model("guidance", "FAQ")
    for faq in FAQ.objects.filter(question=QUESTION, answer=OLD):
        faq.answer = NEW
        faq.revision += 1  # an editor's form open on the old text is then out of date
        faq.save(update_fields=["answer", "revision"])


def restore(apps, schema_editor):
    FAQ = apps.get_model("guidance", "FAQ")
    FAQ.objects.filter(question=QUESTION, answer=NEW).update(answer=OLD)


class Migration(migrations.Migration):
    dependencies = [("guidance", "0001_initial")]

    operations = [migrations.RunPython(correct, restore)]
