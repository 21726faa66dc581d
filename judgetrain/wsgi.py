import os

from django.core.wsgi import get_wsgi_application

from rulings.core import grading

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "judgetrain.settings")

application = get_wsgi_application()

# The grader trains its second reading on first use (about 3 s): pay it at start, not on the
# first answer graded.
grading.warm_up()
