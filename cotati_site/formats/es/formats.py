"""Spanish as it is read in California: Django's "es" formats (Spain's), except numbers.

Spanish readers here (and in Mexico, whose "es_MX" formats Django also ships) write a decimal
point and group thousands with commas: 1,500.5. Spain's comma decimal would turn "2.5 ft"
into "2,5", which a reader here takes for two numbers. So numbers print as on the English
pages, and dates as Spanish writes them ("5 de enero de 2026", Django's es DATE_FORMAT).
"""

DECIMAL_SEPARATOR = "."
THOUSAND_SEPARATOR = ","
NUMBER_GROUPING = 3
