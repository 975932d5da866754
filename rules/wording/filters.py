"""Every wording filter and tag, registered once, under the name the templates use: the
``rules_wording`` library of the site's Django templates (rules/templatetags/rules_wording.py)
and the filters of the checker's Jinja2 environment (jinja.py)."""

from django import template

from rules.wording import (
    answers,
    citations,
    findings,
    labels,
    numbers,
    plan_view,
    readings,
    records,
    sheet,
)

register = template.Library()

for _function in (
    # numbers
    numbers.num,
    numbers.amount,
    numbers.unit_label,
    numbers.feet,
    numbers.end_sentence,
    numbers.bound_word,
    numbers.comparison_word,
    # labels
    labels.rule_label,
    labels.rule_in_sentence,
    labels.topic_label,
    labels.status_icon,
    labels.status_label,
    labels.approval_label,
    labels.approval_where,
    labels.note_text,
    labels.project_label,
    labels.project_noun,
    labels.projects_in_words,
    labels.structure_noun,
    labels.field_label,
    labels.choice_label,
    labels.form_unit,
    labels.field_anchor,
    # records
    records.standard_record,
    records.comparison,
    records.cases_in_words,
    records.sliding_scale,
    records.standard_label,
    records.record_figure,
    records.std,
    # how this site reads a rule, in the page's language
    readings.reading_text,
    readings.readings_in_english,
    # citations
    citations.citation_label,
    citations.is_section_number,
    citations.section_cite,
    citations.source_cite,
    citations.is_state_law,
    # findings
    findings.finding_note,
    findings.fix_text,
    findings.share_text,
    # answers
    answers.with_project,
    answers.conditions_of,
    answers.condition_figure,
    answers.names_a_deadline,
    # the printed sheet
    sheet.answers_sheet,
    # the topic pages' plan view
    plan_view.plan_area_label,
    plan_view.plan_area_setback,
    plan_view.plan_area_short,
    plan_view.plan_area_limit,
):
    register.filter(_function.__name__, _function)

register.simple_tag(findings.proposal_note, takes_context=True)
register.simple_tag(findings.previewed_proposals, takes_context=True)
register.simple_tag(sheet.print_sources, takes_context=True)


@register.simple_tag(takes_context=True)
def card_links(context, finding) -> findings.CardLinks:
    """Where a finding's card links its citations, by the anchors the page's texts print."""
    return findings.card_links(finding, context.get("section_anchors"))
